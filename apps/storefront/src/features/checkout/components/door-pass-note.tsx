import type { Client } from '@kassa/domain/contract/client';
import { passesShownAtTheDoor } from '@kassa/domain/rules/eligibility';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';

interface DoorPassNoteProps {
  /** The logged-in client's passes, as the server marks them (online or at the door). */
  subscriptions: Client['subscriptions'];
  productId: number;
}

/**
 * Tells the holder of a pass that covers this product but is shown at the
 * door to show it there, and that it cannot pay online: why it is not
 * offered as a way to pay and the price stays full (decision 0193). Nothing
 * for other visitors.
 */
export function DoorPassNote({ subscriptions, productId }: DoorPassNoteProps) {
  const { t } = useTranslation();
  const titles = passesShownAtTheDoor(subscriptions, productId);
  if (titles.length === 0) return null;
  return (
    <div className="kassa-door-pass">
      <Alert tone="info">
        {titles.map((title) => (
          <p key={title}>{t('customer.subscription.at_door', { pass: title })}</p>
        ))}
      </Alert>
    </div>
  );
}
