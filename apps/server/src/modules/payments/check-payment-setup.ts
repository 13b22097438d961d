import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Gateways } from '../../payments/gateways.ts';
import { usableGateway } from '../../engine/hand-off/shop-gateway.ts';

/**
 * At start (main.ts): a production server whose shop takes payments on the
 * built-in test page would hand out tickets for nothing, so it refuses to
 * start (ConfigError) unless ALLOW_TEST_GATEWAY=true says it is meant, as
 * for a public demo. A shop whose gateway cannot be used here is logged;
 * its orders answer PAYMENT_GATEWAY_NOT_CONFIGURED (PayPal in a shop that
 * does not sell in EUR: PAYMENT_CURRENCY_NOT_SUPPORTED) until it is fixed.
 */
export async function checkPaymentSetup(
  db: Db,
  config: Pick<Config, 'env' | 'organisation' | 'allowTestGateway'>,
  gateways: Gateways,
  log: FastifyBaseLogger,
): Promise<void> {
  let organisation;
  try {
    organisation = await loadOrganisation(db, config.organisation);
  } catch (error) {
    // No shop yet: nothing takes payments.
    if (error instanceof AppError && error.code === 'SHOP_NOT_CONFIGURED') return;
    throw error;
  }
  const gateway = organisation.paymentGateway;
  if (gateway === 'test' && config.env === 'production' && !config.allowTestGateway) {
    throw new ConfigError(
      `The shop "${organisation.slug}" takes payments on the built-in test page (payment_gateway "test"), ` +
        'which marks orders paid without any money moving. Choose a real gateway for it, or set ' +
        'ALLOW_TEST_GATEWAY=true if this production server is meant to sell in test mode (a demo).',
    );
  }
  try {
    usableGateway(gateways, gateway, log, organisation.currency);
  } catch {
    // Logged by usableGateway with the settings to add.
  }
}
