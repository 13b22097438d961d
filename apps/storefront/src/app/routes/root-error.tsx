/**
 * Last line of defence, when the layout itself fails: it cannot trust i18n
 * or the router, so it is plain HTML with a link that reloads the shop.
 */
export function RootError() {
  return (
    <main className="kassa-container kassa-page" role="alert">
      <h1>Something went wrong</h1>
      <p>
        <a href="/">Reload the shop</a>
      </p>
    </main>
  );
}
