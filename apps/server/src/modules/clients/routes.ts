import type { AppDeps, TypedApp } from '../../app.ts';

export async function clientRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  void app;
  void deps;
}
