import { createContext, useContext, type ReactNode } from 'react';

/** Where the workspace's patient screens live unless a section mounts them elsewhere. */
const WORKSPACE_PATIENTS_BASE = '/dashboard/patients';

const PatientsBaseContext = createContext<string>(WORKSPACE_PATIENTS_BASE);

/**
 * The patient list and record are one pair of screens shown in two places: the workspace
 * (`/dashboard/patients`) and the provider portal (`/provider-portal/patients`). The section that
 * mounts them says where they live, so their links and back button stay inside that section.
 */
export function PatientsBasePath({ base, children }: { base: string; children: ReactNode }) {
  return <PatientsBaseContext.Provider value={base}>{children}</PatientsBaseContext.Provider>;
}

/** The patient list's path and a patient record's path, in the section the screens are shown in. */
export function usePatientPaths() {
  const base = useContext(PatientsBaseContext);
  return {
    list: base,
    patient: (id: string) => `${base}/${encodeURIComponent(id)}`,
  };
}
