/** `/dashboard/schedule` (SPEC §2 Schedule), inside the signed-in shell: a placeholder until the schedule is built. */
export function SchedulePage() {
  return <h1>Schedule</h1>;
}
