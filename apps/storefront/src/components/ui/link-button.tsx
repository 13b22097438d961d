import type { ButtonHTMLAttributes } from 'react';
import './link-button.css';

/** A button that looks like a link, for small actions beside content (edit, delete, redeem a coupon). */
export function LinkButton({
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={className ? `kassa-link-button ${className}` : 'kassa-link-button'}
      {...props}
    />
  );
}
