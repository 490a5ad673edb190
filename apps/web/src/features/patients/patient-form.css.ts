/** The patient form's layout: the shared form pieces under the names the form uses. */
export { fieldGroup as group, fieldPair as pair, fieldsetLegend as legend, formActions as actions, formWarning as warning, formWarningList as warningList, formWarningTitle as warningTitle } from '../../ui/form/form.css.ts';
