import type { ReactNode } from 'react';
import * as frame from '../signed-in/signed-in.css.ts';
import { PortalSidebar } from './portal-sidebar.tsx';

/**
 * The provider portal's layout (docs/product.md#portal): the sidebar and the screen beside it — above it, folded,
 * on a phone. The site's header and footer already frame every page (app/app), so they are not
 * repeated here.
 */
export function PortalLayout({ children }: { children: ReactNode }) {
  return (
    <div className={frame.layout}>
      <PortalSidebar />
      <div className={frame.content}>{children}</div>
    </div>
  );
}
