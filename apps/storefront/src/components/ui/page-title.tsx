import { pageDefinitions } from '@/lib/page-definitions';

/** The document title, "Page – Shop"; React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title: string }) {
  const shop = pageDefinitions().organisationName;
  return <title>{title === shop ? shop : `${title} – ${shop}`}</title>;
}
