import type { AppDeps, TypedApp } from '../../app.ts';

export async function faqRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  void app;
  void deps;
}
