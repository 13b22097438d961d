import type { AppDeps, TypedApp } from '../../app.ts';

export async function catalogRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  void app;
  void deps;
}
