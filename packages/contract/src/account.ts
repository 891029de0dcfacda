import { ACCOUNT_TYPES } from './account-types';
import * as z from './zod';

export * from './account-types';

export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
