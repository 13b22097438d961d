import { useEffect, useRef, type ReactNode } from 'react';

interface StepHeadingProps {
  id: string;
  className?: string;
  /** The step shown; when it changes, focus moves here. */
  step: string;
  children: ReactNode;
}

/**
 * A flow step's heading. After a step change the button that was pressed
 * is gone, and focus would fall to <body>; it moves here instead, so
 * keyboard and screen-reader users start at the new step's name. Not on
 * the first step shown: a page that just opened keeps the layout's focus.
 */
export function StepHeading({ id, className, step, children }: StepHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef<string | null>(step);
  useEffect(() => {
    if (first.current === step) return;
    first.current = null;
    heading.current?.focus();
  }, [step]);
  return (
    <h2 id={id} ref={heading} className={className} tabIndex={-1}>
      {children}
    </h2>
  );
}
