import { Phone, Plus } from 'lucide';
import { sized } from '../../ui/icons/icons.tsx';

export const PhoneIcon = /* @__PURE__ */ sized(Phone);
export const PlusIcon = /* @__PURE__ */ sized(Plus);
