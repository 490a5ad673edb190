/**
 * The shape of a route table's entry (routes.tsx), in a file of its own: the signed-in routes and
 * their guard (signed-in/) read it without importing the table that imports them.
 */
import type { ComponentType, LazyExoticComponent } from 'react';

export interface RouteEntry {
  readonly path: string;
  readonly screen: ComponentType | LazyExoticComponent<ComponentType>;
}

export interface SignedInRouteEntry extends RouteEntry {
  /**
   * What a visitor without a session gets: sent to sign in and back (`sign-in`), or the spec's
   * login prompt in place (`/dashboard`, docs/product.md#accounts), or a screen of its own (`/referral?code=` shows
   * a visitor the code's offer and a sign-up link).
   */
  readonly visitor: 'sign-in' | 'login-prompt' | LazyExoticComponent<ComponentType>;
}
