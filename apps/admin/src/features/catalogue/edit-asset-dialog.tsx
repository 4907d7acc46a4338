import { messages } from '@vault/contract/messages';
import {
  CATALOGUE_DECIMALS_MAX,
  type CatalogueAsset,
  coinPatchBody,
  TOKEN_ICON_MAX_BYTES,
  tokenPatchBody,
} from '@vault/contract/schemas/catalogue-admin';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { CheckboxField, FieldError, inputClass, labelClass, TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api';
import { AssetIcon, isHexColour } from './asset-icon';
import { assetLabel, uploadIcon, useUpdateAsset } from './queries';

type Field = 'orderIndex' | 'isVisibleOnWeb' | 'decimals' | 'coinColor' | 'iconUrl';
type Errors = Partial<Record<Field, string>>;

/** An icon's name in the choice: the built-in file's name, or "Uploaded image" and the start of its id. */
const iconName = (url: string) => {
  const file = url.slice(url.lastIndexOf('/') + 1);
  return url.startsWith('/uploads/') ? `Uploaded image ${file.slice(0, 8)}` : file.replace(/\.\w+$/, '').toUpperCase();
};

/**
 * Edit one token or coin: display order, visibility on the web (tokens), decimals (only raised: the choices
 * start at the current number), colour (picker and hex, with a sample) and icon (the icons offered, or an
 * uploaded image). Only what changed is sent; the contract's schema checks it first, in the server's words.
 */
export function EditAssetDialog({
  asset,
  icons: offered,
  onClose,
  onSaved,
}: {
  asset: CatalogueAsset;
  icons: string[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const update = useUpdateAsset();
  const [order, setOrder] = useState(String(asset.orderIndex));
  const [visible, setVisible] = useState(asset.isVisibleOnWeb);
  const [decimals, setDecimals] = useState(asset.decimals);
  const [colour, setColour] = useState(asset.coinColor);
  const [icon, setIcon] = useState(asset.iconUrl);
  const [icons, setIcons] = useState(() => (offered.includes(asset.iconUrl) ? offered : [asset.iconUrl, ...offered]));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const ids = { decimals: useId(), colourPicker: useId(), upload: useId(), iconError: useId(), uploadError: useId() };
  const isToken = asset.kind === 'token';

  async function upload(file: File | undefined) {
    if (!file) return;
    setErrors((e) => ({ ...e, iconUrl: undefined }));
    if (file.size > TOKEN_ICON_MAX_BYTES) {
      setErrors((e) => ({ ...e, iconUrl: messages.iconTooLarge }));
      return;
    }
    setUploading(true);
    try {
      const { url } = await uploadIcon(file);
      setIcons((list) => [url, ...list.filter((u) => u !== url)]);
      setIcon(url);
    } catch (error) {
      setErrors((e) => ({ ...e, iconUrl: errorText(error) }));
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const body: Record<string, unknown> = {};
    const typed = order.trim();
    if (typed !== String(asset.orderIndex)) body.orderIndex = /^\d{1,9}$/.test(typed) ? Number(typed) : typed;
    if (visible !== asset.isVisibleOnWeb) body.isVisibleOnWeb = visible;
    if (decimals !== asset.decimals) body.decimals = decimals;
    if (colour.trim().toLowerCase() !== asset.coinColor.toLowerCase()) body.coinColor = colour;
    if (icon !== asset.iconUrl) body.iconUrl = icon;
    const parsed = (isToken ? tokenPatchBody : coinPatchBody).safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !found[field]) found[field] = issue.message;
        else if (!field) setRefusal(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const res = await update.mutateAsync({ kind: asset.kind, symbol: asset.coinSymbol, body: parsed.data });
      onSaved(`${assetLabel(res.data)}: ${res.message}.`);
    } catch (error) {
      if (error instanceof ApiError && error.body.fields) setErrors(error.body.fields as Errors);
      setRefusal(errorText(error));
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Edit ${assetLabel(asset)}`}
      description={
        isToken
          ? 'How members see this token on their dashboards and the site.'
          : 'How members see this coin in their crypto wallets.'
      }
      size="lg"
    >
      <form noValidate onSubmit={submit} className="space-y-5" aria-label={`Edit ${asset.coinSymbol}`}>
        <FormAlert>{refusal}</FormAlert>

        <div className="flex items-center gap-3 rounded-xl bg-canvas px-4 py-3 ring-1 ring-line">
          <AssetIcon url={icon} color={colour} symbol={asset.coinSymbol} size="size-10" />
          <p className="text-sm">
            <span className="block font-semibold text-ink">{asset.name}</span>
            <span className="block text-ink-muted">As members will see it</span>
          </p>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <TextField
              label="Display order"
              inputMode="numeric"
              autoComplete="off"
              value={order}
              onChange={(e) => setOrder(e.target.value)}
              error={errors.orderIndex}
            />
            <p className="mt-1 text-xs text-ink-subtle">Lower numbers come first (0 to 9999).</p>
          </div>
          <div>
            <label htmlFor={ids.decimals} className={labelClass}>
              Decimals
            </label>
            <select
              id={ids.decimals}
              value={decimals}
              onChange={(e) => setDecimals(Number(e.target.value))}
              aria-invalid={errors.decimals ? true : undefined}
              aria-describedby={`${ids.decimals}-help${errors.decimals ? ` ${ids.decimals}-error` : ''}`}
              className={inputClass}
            >
              {Array.from({ length: CATALOGUE_DECIMALS_MAX - asset.decimals + 1 }, (_, i) => asset.decimals + i).map(
                (n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ),
              )}
            </select>
            <FieldError id={`${ids.decimals}-error`} message={errors.decimals} />
            <p id={`${ids.decimals}-help`} className="mt-1 text-xs text-ink-subtle">
              Only raised: amounts already recorded keep their decimals.
            </p>
          </div>
        </div>

        <div>
          <CheckboxField
            label={isToken ? 'Shown on the web (the site and members’ dashboards)' : 'Shown on members’ dashboards'}
            checked={visible}
            onChange={(e) => setVisible(e.target.checked)}
            error={errors.isVisibleOnWeb}
          />
          <p className="mt-1 pl-6 text-xs text-ink-subtle">
            A member who holds a hidden {isToken ? 'token' : 'coin'} still sees it.
          </p>
        </div>

        <fieldset>
          <legend className={labelClass}>Colour</legend>
          <div className="flex items-start gap-3">
            <label htmlFor={ids.colourPicker} className="sr-only">
              Pick a colour
            </label>
            <input
              id={ids.colourPicker}
              type="color"
              value={isHexColour(colour.trim()) ? colour.trim().toLowerCase() : asset.coinColor}
              onChange={(e) => setColour(e.target.value)}
              className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-line-strong bg-surface p-1"
            />
            <TextField
              label="Hex"
              className="min-w-0 flex-1 [&>label]:sr-only"
              value={colour}
              onChange={(e) => setColour(e.target.value)}
              placeholder="#rrggbb"
              maxLength={7}
              autoComplete="off"
              spellCheck={false}
              error={errors.coinColor}
            />
          </div>
        </fieldset>

        <fieldset aria-describedby={errors.iconUrl ? ids.iconError : undefined}>
          <legend className={labelClass}>Icon</legend>
          <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
            {icons.map((url) => (
              <label
                key={url}
                title={iconName(url)}
                className="grid cursor-pointer place-items-center gap-1 rounded-lg bg-surface p-2 ring-1 ring-line hover:bg-sunken has-checked:bg-primary-soft has-checked:ring-2 has-checked:ring-navy-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus"
              >
                <input
                  type="radio"
                  name="icon"
                  value={url}
                  checked={icon === url}
                  onChange={() => setIcon(url)}
                  className="sr-only"
                />
                <AssetIcon url={url} color={colour} symbol={asset.coinSymbol} />
                <span className="max-w-full truncate text-2xs text-ink-muted">{iconName(url)}</span>
              </label>
            ))}
          </div>
          <FieldError id={ids.iconError} message={errors.iconUrl} />
          <div className="mt-3">
            <label htmlFor={ids.upload} className={labelClass}>
              Upload an image <span className="font-normal text-ink-muted">(png, gif or jpeg, 256 KB at most)</span>
            </label>
            <input
              id={ids.upload}
              type="file"
              accept="image/png,image/gif,image/jpeg"
              disabled={uploading}
              onChange={(e) => {
                void upload(e.target.files?.[0]);
                e.target.value = '';
              }}
              className="block w-full text-sm text-ink-muted file:mr-3 file:rounded-lg file:border file:border-line-strong file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink hover:file:bg-sunken"
            />
            <p role="status" className="mt-1 text-xs text-ink-subtle">
              {uploading ? 'Uploading…' : ''}
            </p>
          </div>
        </fieldset>

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending} disabled={uploading}>
            Save changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}
