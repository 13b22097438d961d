import { slotTooltipClass } from '@kassa/domain/rules/availability';
import { useTranslation } from '@/lib/use-translation';
import './slot-availability.css';

interface SlotAvailabilityProps {
  /** The slot's seats left as a percentage of its capacity; null when unlimited. */
  percentage: number | null;
  /**
   * As a tooltip (hidden until its slot is hovered or focused; the slot's
   * control names it in aria-describedby), or as words beside the mark.
   */
  tooltipId?: string;
}

/**
 * How full a time slot is, in its class (none left, under 20 % few, else
 * plenty): a mark whose shape differs per class, so colour is never the only
 * sign, and the class in words.
 */
export function SlotAvailability({ percentage, tooltipId }: SlotAvailabilityProps) {
  const { t } = useTranslation();
  const level = slotTooltipClass(percentage);
  const words = t(`product.plot.slot_${level}`);
  return (
    <span className={`kassa-slot-availability kassa-slot-availability--${level}`}>
      <span className="kassa-slot-availability__mark" aria-hidden="true" />
      {tooltipId ? (
        // Read as the control's description, not as part of its name (hence aria-hidden here).
        <span id={tooltipId} role="tooltip" aria-hidden="true" className="kassa-slot-availability__tip">
          {words}
        </span>
      ) : (
        <span className="kassa-slot-availability__words">{words}</span>
      )}
    </span>
  );
}
