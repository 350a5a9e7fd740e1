<#--
  generated_ref: the main step of a REF load generated from its one entity mapping (no parameters).
  Inputs
    Target attributes by type: DV_HASHKEY (the key, mapped), DV_DATAHASH (mapped, e.g. HASH_DIFF over
    the payload), optional DV_LOAD_TIME (mapped, else the run's CURRENT_TS) and DV_RECORD_SOURCE;
    the payload is the other mapped attributes.
    Options: OPT_WHERE (source rows), OPT_INSERT_UPDATE_BY_ID_AS_MERGE (one MERGE),
    OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE (one MERGE that also deletes keys the full extract lacks).
  Semantics: insert or update by key and datahash (lib/dv_by_key.ftl): new keys inserted, changed
  keys updated in place, unchanged and absent keys untouched; one key's rows with different
  datahashes stop the load before any write.
-->
<#include "/lib/dv.ftl">
<#include "/lib/dv_by_key.ftl">
<@insertUpdateByKey/>
