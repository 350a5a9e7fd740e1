<#--
  Keeps SCD2 history continuous after the columns under the change hash changed (a column added,
  dropped, moved or retyped): recomputes DV_DATAHASH of the current rows (VALIDITY_STATUS = 1) from
  their stored values, with the same REFERENCE_HASH_DIFF and the same columns as the scd2 template
  (all but SCD_ID, DV_DATAHASH, VALID_FROM, VALID_TO, VALIDITY_STATUS). The next load then opens a
  version only for keys whose values really changed: a new column that the source leaves NULL
  hashes as it does here.
  Inputs: entity (the table after the migration).
-->
<#assign hash = loads.getAttributeForType(entity.attributes, "DV_DATAHASH")>
<#assign status = loads.getAttributeForType(entity.attributes, "VALIDITY_STATUS")>
<#assign hashed = entity.attributes?filter(attr -> ![
    "SCD_ID"
    ,"DV_DATAHASH"
    ,"VALID_FROM"
    ,"VALID_TO"
    ,"VALIDITY_STATUS"
]?seq_contains(attr.attributeType!))>
UPDATE ${entity.schema}.${entity.sqlName}
SET ${hash.sqlName} = ${loads.getTransformationForAttributes("REFERENCE_HASH_DIFF", hashed)}
WHERE ${status.sqlName} = 1;
