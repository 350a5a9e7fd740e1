<#--
  The columns that carry key attribute types (DV_HASHKEY, SCD_ID, BUSINESS_KEY) change. The table
  has no key constraint, so no statement runs; the comment keeps the change visible in the script.
  Inputs: entity, keyBefore, keyAfter ("TYPE column" lists).
-->
-- ${entity.schema}.${entity.name}: the key columns change from (${keyBefore}) to (${keyAfter}); stored rows keep their values.
