import { Plus } from 'lucide';
import { sized } from '../../../ui/icons/icons.tsx';

export const PlusIcon = /* @__PURE__ */ sized(Plus);
