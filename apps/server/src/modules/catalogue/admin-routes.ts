import { messages } from '@vault/contract/messages';
import {
  catalogueAssetResponse,
  catalogueResponse,
  coinPatchBody,
  iconUploadResponse,
  priceHistoryResponse,
  TOKEN_ICON_MAX_BYTES,
  tokenPatchBody,
} from '@vault/contract/schemas/catalogue-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { perHour, responses } from '../../http/schema.ts';
import { readUploadForm } from '../storage/multipart.ts';
import type { CatalogueAdminService } from './admin.ts';

/** Symbols are upper case; a path in lower case names the same token. */
const symbolParams = z.object({ symbol: z.string().trim().min(1).max(32).toUpperCase() });
const tags = ['back office'];
const read = { auth: 'admin' as const, permission: 'ledger.read' as const };
const manage = { auth: 'admin' as const, permission: 'catalogue.manage' as const };

/** Icon uploads per administrator per hour. */
const ICON_UPLOADS_PER_HOUR = 30;

/**
 * The back office's catalogue (issue 11 item 3): the list and the price history for every administrator who
 * reads the ledger; changes for the owners (`catalogue.manage`). Prices are set by `POST /api/admin/prices`
 * (routes.ts), the swap spread by `POST /api/admin/settings/swap-spread` (swaps).
 */
export function catalogueAdminRoutes(app: FastifyInstance, catalogue: CatalogueAdminService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/catalogue',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Every token and coin in display order (hidden ones too) with its price, when it was set, decimals, ' +
          'colour, icon and visibility; and the icons an owner may choose. Not paged: the catalogue is a few rows',
        response: responses({ 200: catalogueResponse }),
      },
    },
    () => catalogue.list(),
  );

  r.patch(
    '/api/admin/catalogue/tokens/:symbol',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Change how a token is shown: display order, visibility on the web (a member who holds it still sees it), ' +
          'decimals (only raised), colour (#rrggbb), icon. Audited with the old and new values; members’ open ' +
          'screens refetch (pricesUpdated)',
        params: symbolParams,
        body: tokenPatchBody,
        response: responses({ 200: catalogueAssetResponse }),
      },
    },
    (req) => catalogue.updateToken(req.params.symbol, req.body, caller(req).user),
  );

  r.patch(
    '/api/admin/catalogue/coins/:symbol',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Change how a crypto coin is shown: display order, visibility on the web (a member who holds it still ' +
          'sees it), decimals (only raised), colour, icon. Audited with the old and new values; members’ open ' +
          'screens refetch (pricesUpdated)',
        params: symbolParams,
        body: coinPatchBody,
        response: responses({ 200: catalogueAssetResponse }),
      },
    },
    (req) => catalogue.updateCoin(req.params.symbol, req.body, caller(req).user),
  );

  const uploadRate = app.rateLimit({
    ...perHour(ICON_UPLOADS_PER_HOUR),
    keyGenerator: (req) => `icons:${caller(req).user.id}`,
  });

  app.post(
    '/api/admin/catalogue/icons',
    {
      config: manage,
      onRequest: uploadRate,
      schema: {
        tags,
        summary:
          'multipart/form-data: file (png, gif or jpeg, decided from the bytes; 256 KB at most). Answers the public ' +
          'path to give a token or coin as its icon; an icon nothing takes is removed after a day',
        response: responses({ 200: iconUploadResponse }),
      },
    },
    async (req) => {
      const form = await readUploadForm(req, { fileSize: TOKEN_ICON_MAX_BYTES, files: 1, fields: 2 }).catch(
        (error: unknown) => {
          // The parser's own limit, in the icon's words.
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(413, 'FILE_TOO_LARGE', messages.iconTooLarge);
          throw error;
        },
      );
      if (!form.file) throw badRequest(messages.fileMissing, 'FILE_MISSING', { file: messages.fileMissing });
      return catalogue.uploadIcon(caller(req).user, form.file);
    },
  );

  r.get(
    '/api/admin/catalogue/prices/:symbol',
    {
      config: read,
      schema: {
        tags,
        summary: 'Recorded prices of a token or coin over 1, 7, 30 and 90 days, oldest first (the graph)',
        params: symbolParams,
        response: responses({ 200: priceHistoryResponse }),
      },
    },
    (req) => catalogue.priceHistory(req.params.symbol),
  );
}
