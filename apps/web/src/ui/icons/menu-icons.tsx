import { LayoutGrid, LogOut, Settings } from 'lucide';
import { sized } from './icons.tsx';

// Kept apart from icons.tsx, which the landing page loads: a module's exports stay in its chunk
// even when only a lazily loaded screen uses them. These are for the signed-in side menu.

export const GridIcon = /* @__PURE__ */ sized(LayoutGrid);
export const SettingsIcon = /* @__PURE__ */ sized(Settings);
export const LogOutIcon = /* @__PURE__ */ sized(LogOut);
