import { useId, useState, type ReactNode } from 'react';
import './accordion.css';

export interface AccordionItem {
  title: ReactNode;
  content: ReactNode;
}

/** Disclosure buttons in headings (WAI-ARIA accordion pattern); several may be open. */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const Heading = `h${headingLevel}` as const;

  function toggle(index: number) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }

  return (
    <div className="kassa-accordion">
      {items.map((item, index) => {
        const expanded = open.has(index);
        const triggerId = `${baseId}-trigger-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div className="kassa-accordion__item" key={index}>
            <Heading className="kassa-accordion__heading">
              <button
                type="button"
                id={triggerId}
                className="kassa-accordion__trigger"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                <span>{item.title}</span>
                <span className="kassa-accordion__icon" aria-hidden="true">
                  ▾
                </span>
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={triggerId}
              className="kassa-accordion__panel"
              hidden={!expanded}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
