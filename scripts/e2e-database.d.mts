export declare const E2E_DATABASE: string;
export declare function externalE2eDatabaseUrl(env?: Readonly<Record<string, string | undefined>>): string | null;
export declare function e2eDataDir(root: string, env?: Readonly<Record<string, string | undefined>>): string;
