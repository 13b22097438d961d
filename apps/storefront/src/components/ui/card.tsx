import type { ReactNode } from 'react';
import './card.css';

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <article className={className ? `kassa-card ${className}` : 'kassa-card'}>{children}</article>;
}

export function CardBody({ children }: { children: ReactNode }) {
  return <div className="kassa-card__body">{children}</div>;
}
