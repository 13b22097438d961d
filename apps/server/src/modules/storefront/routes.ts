import type { AppDeps, TypedApp } from '../../app.ts';

export async function storefrontRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  void app;
  void deps;
}
