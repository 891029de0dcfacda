// Its own chunk (with zod and the contract's answer schemas): loaded only when the address carries pre-fill values.
export { linkPrefillAnswers } from '@placely/contract';
