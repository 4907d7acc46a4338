import { type CreatePlanBody, LEVEL_1_LIFETIME_TITLE } from '@vault/contract/schemas/subscriptions';

/**
 * The demo's subscription plans (issue 16, spec 2 §9): monthly, quarterly and yearly plans and the Level 1
 * lifetime plan with its special title (paid once, no Recurring). Prices in USD, paid as the same number of Q.
 * The logos are icons the member app ships.
 */
export const DEMO_PLANS: CreatePlanBody[] = [
  { title: 'Vault Monthly', logo: '/tokens/q.svg', priceUSD: '25.00', duration: 'month' },
  { title: 'Vault Quarterly', logo: '/tokens/xag.svg', priceUSD: '65.00', duration: 'quarter' },
  { title: 'Vault Yearly', logo: '/tokens/xau.svg', priceUSD: '240.00', duration: 'year' },
  { title: LEVEL_1_LIFETIME_TITLE, logo: '/tokens/xau.svg', priceUSD: '1000.00', duration: 'lifetime' },
];
