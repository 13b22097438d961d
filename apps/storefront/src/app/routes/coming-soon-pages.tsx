/**
 * Routes of spec §2 whose flows are later issues. Each shows a translated
 * "coming soon"; the issue that builds a flow points its route at the
 * feature's page instead (see app/router.tsx).
 */
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

export function SubscriptionPage() {
  return <ComingSoon title={useTranslation().t('pages.subscription')} />;
}

export function RenewPage() {
  return <ComingSoon title={useTranslation().t('pages.renew')} />;
}
