import { UPLOAD_REFERENCE } from '../constants.ts';
import { COUNTRIES, PREFIXES, REFERRAL_SOURCES, SPONSORING_ASSEMBLIES } from '../lookups.ts';
import { messages } from '../messages.ts';
import { z } from '../zod.ts';
import { email } from './common.ts';

/**
 * The membership application (spec 1 §3 savedFormData, §5 rules). One schema per wizard step, the
 * whole form for gpalevel/save, and a lenient draft for Save & Exit. Client and server use these same
 * objects, so a field fails with the same words in both places.
 */

const text = (max = 100) => z.string().trim().max(max);
const optionalText = (max = 100) => text(max).optional().default('');
const required = (message: string, max = 100) => text(max).min(1, message);

const countryNames = new Set<string>(COUNTRIES.map((c) => c.name));
const country = required(messages.countryRequired).refine(
  (v) => v === '' || countryNames.has(v),
  messages.countryUnknown,
);
const optionalCountry = optionalText().refine((v) => v === '' || countryNames.has(v), messages.countryUnknown);

/** Phone number: digits only, between 600000 and 1e16 (spec 1 §5, the longer schema's bounds). */
const phoneNumber = z
  .string()
  .trim()
  .min(1, messages.phoneRequired)
  .regex(/^\d*$/, messages.phoneDigits)
  .refine((v) => !/^\d+$/.test(v) || BigInt(v) >= 600_000n, messages.phoneTooShort)
  .refine((v) => !/^\d+$/.test(v) || BigInt(v) < 10n ** 16n, messages.phoneTooLong);
const areaCode = z
  .string()
  .trim()
  .regex(/^\d{0,5}$/, messages.areaCodeDigits)
  .optional()
  .default('');
const dialCode = z
  .string()
  .trim()
  .regex(/^\+\d{1,4}(-\d{1,4})?$/, messages.invalidRequest);

const optionalPhone = z
  .string()
  .trim()
  .regex(/^\d{0,16}$/, messages.phoneDigits)
  .optional()
  .default('');

export const address = z.object({
  streetAddress: required(messages.streetRequired, 200),
  stAddressLine2: optionalText(200),
  city: required(messages.cityRequired),
  state: optionalText(),
  postalCode: required(messages.postalCodeRequired, 20),
  country,
});
export type Address = z.infer<typeof address>;

/** An address that may be left empty as a whole (referring organisation). */
const optionalAddress = z.object({
  streetAddress: optionalText(200),
  stAddressLine2: optionalText(200),
  city: optionalText(),
  state: optionalText(),
  postalCode: optionalText(20),
  country: optionalCountry,
});

const isoDate = z
  .string({ error: messages.dateRequired })
  .trim()
  .min(1, messages.dateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.dateRequired)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), messages.dateRequired);

/** Step 2, G.P.A. Level 3 Info: who the member is and where they live. */
export const gpaInfoStep = z.object({
  name: z.object({
    prefix: z.enum(PREFIXES, { error: messages.prefixRequired }),
    firstName: required(messages.firstNameRequired),
    middleName: optionalText(),
    lastName: required(messages.lastNameRequired),
    suffix: optionalText(20),
  }),
  primaryEmail: email,
  secondaryEmail: z
    .union([z.literal(''), email])
    .optional()
    .default(''),
  primaryPhone: z.object({ countryCode: dialCode, areaCode, remNumber: phoneNumber }),
  physicalAddress: address,
  mailingAddress: address,
  registrationDate: isoDate,
});
export type GpaInfoStep = z.infer<typeof gpaInfoStep>;

/** Step 3, TAF/Legacy: the sponsoring assembly (required), referral, organisation and beneficiary (optional). */
export const tafStep = z.object({
  sponsor: z.object({
    name: z.enum(SPONSORING_ASSEMBLIES.map((a) => a.code) as [string, ...string[]], {
      error: messages.sponsoringAssemblyRequired,
    }),
    suffix: optionalText(20),
    phone: z.object({ areaCode, remNumber: optionalPhone }).optional().default({ areaCode: '', remNumber: '' }),
  }),
  refAmbassador: z
    .object({
      name: z.object({
        prefix: z.enum(PREFIXES).or(z.literal('')).optional().default(''),
        firstName: optionalText(),
        lastName: optionalText(),
      }),
      phone: optionalPhone,
      ambassador: z.enum(REFERRAL_SOURCES).optional().default('Ambassador'),
      description: optionalText(500),
    })
    .optional(),
  refOrgAddress: optionalAddress.optional(),
  beneficiary: z
    .object({
      name: z.object({
        prefix: z.enum(PREFIXES).or(z.literal('')).optional().default(''),
        firstName: optionalText(),
        middleName: optionalText(),
        lastName: optionalText(),
        suffix: optionalText(20),
      }),
      phone: optionalPhone,
      countryCode: z
        .union([z.literal(''), dialCode])
        .optional()
        .default(''),
      email: z
        .union([z.literal(''), email])
        .optional()
        .default(''),
      relationship: optionalText(),
    })
    .optional(),
});
export type TafStep = z.infer<typeof tafStep>;

/** Step 4, Acknowledgement: the signature, uploaded first through storage/upload/base64. */
export const acknowledgementStep = z.object({
  signatureUrl: z
    .string({ error: messages.uploadSignature })
    // The wizard hands back the signed URL it was shown; the server reduces it to the stored path.
    .regex(UPLOAD_REFERENCE, messages.uploadSignature),
});

/** Everything gpalevel/save stores (the saved membership form of spec 1 §3). */
export const membershipForm = gpaInfoStep.extend(tafStep.shape).extend(acknowledgementStep.shape);
export type MembershipForm = z.infer<typeof membershipForm>;

/** The wizard's steps, in order (spec 1 §2). */
export const WIZARD_STEPS = ['Instructions', 'G.P.A. Level 3 Info', 'TAF/Legacy', 'Acknowledgement'] as const;

/**
 * A draft (Save & Exit, and each Next): any subset of the form, each value bounded in type and size but
 * not yet required, plus the step to resume at. Rules are checked when a step is left and at submit.
 */
const leaf = z.union([z.string().max(500), z.boolean()]);
const key = z.string().max(40);
/** The form nests three levels deep at most (refAmbassador.name.prefix); a draft may not go deeper. */
const level2 = z.record(key, leaf);
const level1 = z.union([leaf, z.record(key, z.union([leaf, level2]))]);
export const membershipDraft = z.object({
  step: z
    .number()
    .int()
    .min(0)
    .max(WIZARD_STEPS.length - 1),
  form: z.record(key, level1),
});
export type MembershipDraft = z.infer<typeof membershipDraft>;
