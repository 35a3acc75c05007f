// GET location/countries (docs/decisions/social.md): the ISO 3166-1 list shipped with the app, for the address
// fields. Open to visitors: it is public reference data, the same for everyone.
import { countries } from '@murmur/contracts';
import { defineRoute } from '@murmur/platform';
import type express from 'express';

export function locationRoutes(router: express.Router): void {
  defineRoute(router, 'GET /location/countries', ({ res }) => {
    // The list only changes with a release of the app.
    res.setHeader('cache-control', 'public, max-age=86400');
    return { items: [...countries] };
  });
}
