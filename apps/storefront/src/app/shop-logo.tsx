import { pageDefinitions } from '@/lib/page-definitions';
import './shop-logo.css';

/**
 * The shop's logo for the header, from the page definitions (decision 0142),
 * so it is there on the first paint without waiting for the API. Decorative:
 * it stands beside the shop's name, which names the home link. Renders
 * nothing when the shop has no logo. The box is sized up front (no shift).
 */
export function ShopLogo() {
  const { logo } = pageDefinitions();
  if (!logo) return null;
  return <img className="kassa-shop-logo" src={logo} alt="" width={40} height={40} />;
}
