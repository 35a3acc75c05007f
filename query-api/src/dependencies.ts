import type { CurrencyRateSource, ErrorReporter, Logger, PaymentSettings, SessionGuard } from '@murmur/platform';
import type { ObjectStore } from '@murmur/platform/object-store';
import type pg from 'pg';
import type { ClientErrorReportingDto, IdentityProvidersDto } from '@murmur/contracts';
import type { GifProvider } from './gifs/gif-provider.ts';

export interface QueryDeps {
  /** Reads; on a replica when READ_DATABASE_URL is set, carrying its primary (`primaryOf`) for what must
   * see the newest commit (docs/decisions/foundation.md, "Reads may come from a streaming replica"). */
  pool: pg.Pool;
  logger: Logger;
  jwtSecret: string;
  sessionGuard?: SessionGuard;
  /** The payment configuration command-api also runs with: the methods offered are the ones it accepts. */
  payments: PaymentSettings;
  /** Conversion rates: the demo's fixed table only in the demo, else CURRENCY_USD_RATES (or a rate source). */
  rates: CurrencyRateSource;
  /** Uploaded media: the store command-api writes (local disk or S3), read and signed here. */
  objects: ObjectStore;
  /** GIF search; from the environment when not given (tests pass their own). */
  gifs?: GifProvider;
  /** The sign-in screen's identity providers; from the environment when not given (tests pass their own). */
  identityProviders?: IdentityProvidersDto;
  /** Where unexpected errors are reported (null: nowhere); from the environment when not given. */
  errorReporter?: ErrorReporter | null;
  /** What the web app's error-reporting SDK is told; from the environment when not given. */
  clientErrorReporting?: ClientErrorReportingDto;
}
