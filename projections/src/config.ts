import { DEMO_LEDGER_DIGEST_KEY, ServiceConfig, loadConfig } from '@murmur/platform';
import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';

const isEd25519Key = (base64: string): boolean => {
  try {
    return createPrivateKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'pkcs8' }).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
};

export const ProjectionsConfig = ServiceConfig.and(
  z.object({
    PROJECTIONS_PORT: z.coerce.number().int().min(0).max(65535).default(4004),
    /** Signs the ledger digests (docs/decisions/ledger-proof.md); the demo's key is refused without the demo switch. */
    LEDGER_DIGEST_SIGNING_KEY: z
      .string()
      .default(DEMO_LEDGER_DIGEST_KEY)
      .refine(isEd25519Key, 'LEDGER_DIGEST_SIGNING_KEY must be an Ed25519 private key, PKCS8 DER in base64'),
  }),
);
export const readConfig = (env = process.env) => loadConfig(ProjectionsConfig, env);
