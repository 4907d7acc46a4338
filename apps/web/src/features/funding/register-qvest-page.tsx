import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { COUNTRIES } from '@vault/contract/lookups';
import { messages } from '@vault/contract/messages';
import { type CoinqvestCustomerBody, coinqvestCustomerBody } from '@vault/contract/schemas/funding';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { TextField } from '@vault/ui/field';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { SearchableSelect } from '../../components/searchable-select';
import { ApiError, api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import type { RegisterQvestState } from './online-checkout';
import { providerErrorText } from './online-purchase';

type Input = z.input<typeof coinqvestCustomerBody>;
type TextName = Exclude<keyof Input, 'countrycode' | 'email'>;

const countryOptions = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
const empty: Input = {
  firstname: '',
  lastname: '',
  company: '',
  adr1: '',
  adr2: '',
  zip: '',
  city: '',
  phonenumber: '',
  countrycode: 'US',
  taxid: '',
};

/** Where to go back to: the purchase screen the member came from (a member path only), else Top-Up. */
function backTo(state: unknown): RegisterQvestState | null {
  const s = state as Partial<RegisterQvestState> | null;
  if (!s || typeof s.from !== 'string' || !s.from.startsWith('/') || s.from.startsWith('//')) return null;
  return { from: s.from, coin: typeof s.coin === 'string' ? s.coin : '' };
}

/**
 * /register-qvest (spec 2 §2, §3, §5 Member registration): a member who is not a COINQVEST customer registers
 * here once (the account's e-mail is the one registered), then goes back to the purchase they were making.
 */
export function RegisterQvestPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, CoinqvestCustomerBody>({
    resolver: zodResolver(coinqvestCustomerBody),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await api<{ message: string }>('coinqvest/customer', { body: values });
      toast.success(res.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
      const back = backTo(location.state);
      navigate(back?.from ?? '/vault-token', {
        replace: true,
        state: { notice: `${res.message}. Choose COINQVEST again to pay.`, coin: back?.coin },
      });
    } catch (error) {
      if (error instanceof ApiError && error.body.fields) {
        for (const [field, message] of Object.entries(error.body.fields)) {
          if (field in empty) form.setError(field as keyof Input, { message });
        }
      }
      toast.error(providerErrorText(error));
    }
  });

  const text = (name: TextName) => ({
    ...form.register(name),
    id: `qvest-${name}`,
    error: errors[name]?.message,
  });

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">COINQVEST member registration</h1>
        <p className="mt-1 text-sm text-ink-muted">
          {messages.coinqvestCustomerRequired}: COINQVEST asks these details once, then you can pay with it.
        </p>
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="COINQVEST member registration"
        className={`space-y-5 ${cardClass}`}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" maxLength={200} {...text('firstname')} />
          <TextField label="Last name" autoComplete="family-name" maxLength={200} {...text('lastname')} />
          <TextField
            label="Company"
            autoComplete="organization"
            maxLength={200}
            className="sm:col-span-2"
            {...text('company')}
          />
          <TextField
            label="Address line 1"
            autoComplete="address-line1"
            maxLength={200}
            className="sm:col-span-2"
            {...text('adr1')}
          />
          <TextField
            label="Address line 2 (optional)"
            autoComplete="address-line2"
            maxLength={200}
            className="sm:col-span-2"
            {...text('adr2')}
          />
          <TextField label="Zip code" autoComplete="postal-code" maxLength={50} {...text('zip')} />
          <TextField label="City" autoComplete="address-level2" maxLength={200} {...text('city')} />
          <TextField label="Phone number" type="tel" autoComplete="tel" maxLength={50} {...text('phonenumber')} />
          <Controller
            control={form.control}
            name="countrycode"
            render={({ field, fieldState }) => (
              <SearchableSelect
                id="qvest-countrycode"
                label="Country"
                options={countryOptions}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                error={fieldState.error?.message}
                required
              />
            )}
          />
          <TextField label="Tax id (optional)" maxLength={100} {...text('taxid')} />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Registering…' : 'Register'}
          </Button>
          <Button type="button" variant="secondary" onClick={() => navigate(-1)}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
