import { Button, Spinner } from '@vault/ui/button';

/** While a screen's code downloads: announced, quiet. */
export function ScreenLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
      <Spinner /> Loading…
    </p>
  );
}

/** A screen that failed to render or whose code could not be downloaded (a newer build replaced it). */
export function ScreenFailed() {
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="font-semibold text-ink">This screen could not be shown.</p>
      <p className="text-sm text-ink-muted">Reload the page to get the current version of the back office.</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
