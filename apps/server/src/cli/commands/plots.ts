import { loadOrganisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { extendScheduledPlots } from '../../modules/schedules/extend-schedules.ts';
import type { CliCommand } from '../cli-context.ts';

const USAGE = `shop plots   extend every scheduled product's plots to today + window_days − 1

Plans only the days after the last run from each product's stored opening
schedule (set by \`shop import\`); plots that exist are left as they are. The
server does the same on start and every 3 hours, so this is for a server that
was down, or to see what a run adds (decision 0166).`;

/** `shop plots`: the rolling window of opening schedules (decision 0166). */
export const plotsCommand: CliCommand = {
  name: 'plots',
  summary: "extend scheduled products' plots over their rolling window",
  usage: USAGE,
  async run(context) {
    if (context.args.length > 0) {
      context.err(USAGE);
      return 2;
    }
    try {
      const organisation = await loadOrganisation(context.db, context.organisationSlug);
      const extensions = await extendScheduledPlots(context.db, context.now(), organisation.id);
      if (extensions.length === 0) {
        context.out('No product has an opening schedule: nothing to extend.');
        return 0;
      }
      for (const extension of extensions) {
        if (extension.skipped === 'FAILED') {
          context.err(`${extension.productSlug}: not extended: ${extension.error}`);
        } else if (extension.skipped === 'BUSY') {
          context.out(`${extension.productSlug}: being extended by another run, skipped`);
        } else if (extension.from === null) {
          context.out(`${extension.productSlug}: up to date`);
        } else {
          context.out(
            `${extension.productSlug}: ${extension.added} plot(s) added for ${extension.from} to ${extension.until}`,
          );
        }
      }
      return extensions.some((extension) => extension.skipped === 'FAILED') ? 1 : 0;
    } catch (error) {
      if (error instanceof AppError) {
        context.err(error.message);
        return 1;
      }
      throw error;
    }
  },
};
