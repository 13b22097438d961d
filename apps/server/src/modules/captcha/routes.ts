import { captchaChallengeSchema } from '@kassa/domain/contract/captcha';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { captchaSecretsLoader } from './captcha-secrets.ts';
import { issueChallenge } from './issue-challenge.ts';

export async function captchaRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const secrets = captchaSecretsLoader(deps.database.db, deps.config.altchaHmacKey);
  const now = deps.now ?? (() => new Date());

  app.get(
    '/captcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        summary: 'An ALTCHA proof-of-work challenge for the captcha widget (not in the ok/response envelope)',
        response: { 200: captchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      // Every challenge is single use: no cache may hand one out twice.
      reply.header('cache-control', 'no-store');
      return issueChallenge(await secrets(), now());
    },
  );
}
