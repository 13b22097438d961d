import './loading.css';

export function Spinner() {
  return <span className="kassa-spinner" aria-hidden="true" />;
}

/** A visible, announced loading state (role=status), never a blank page. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="kassa-loading" role="status" aria-live="polite">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
