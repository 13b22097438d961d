import { READ_MORE_THRESHOLD_PX } from '@kassa/domain/rules/constants';
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import './read-more.css';

/**
 * Collapses content taller than the threshold (docs/storefront.md §9.1: 100 px)
 * behind a read more / read less toggle. Measured with ResizeObserver, so a
 * card that narrows (and its text grows taller) gets the toggle when it needs
 * one.
 */
export function ReadMore({
  children,
  threshold = READ_MORE_THRESHOLD_PX,
}: {
  children: ReactNode;
  threshold?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const content = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useLayoutEffect(() => {
    const element = content.current;
    if (!element) return undefined;
    // scrollHeight is the full height even while max-height clips it.
    const measure = () => setOverflows(element.scrollHeight > threshold);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [threshold]);

  const collapsed = overflows && !expanded;
  return (
    <div className="kassa-read-more">
      <div
        id={id}
        ref={content}
        className={
          collapsed
            ? 'kassa-read-more__content kassa-read-more__content--collapsed'
            : 'kassa-read-more__content'
        }
        style={collapsed ? { maxHeight: threshold } : undefined}
      >
        {children}
      </div>
      {overflows && (
        <button
          type="button"
          className="kassa-read-more__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t('read_more.less') : t('read_more.more')}
        </button>
      )}
    </div>
  );
}
