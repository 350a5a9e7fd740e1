<#--
  generated_hub: the main step of a HUB load generated from its one entity mapping (no parameters).
  Inputs
    Target attributes by type: DV_HASHKEY (mapped, e.g. HASH_KEY over the business key), DV_LOAD_TIME
    (mapped to a source timestamp, else the run's CURRENT_TS), optional DV_RECORD_SOURCE; every other
    mapped attribute (the business key, BUSINESS_KEY, ...) is copied through its formula.
    Options: OPT_WHERE (source rows), OPT_NOT_EXISTS_WHERE (target rows that count as existing),
    OPT_SKIP_DUPLICATE_PREVENTION (no check against the target).
    OPT_AUDIT_HISTORY (Loadsmith's own): the keys' uniqueness checked after the insert.
  Semantics (dv-semantics.md rules 9-12)
    Insert-only: a key is inserted once, with the load time and record source of its first
    appearance; within the batch one row per key, earliest load time, then lowest record source
    (code point order); a key already in the hub is never touched. NULL / blank key parts are '-1'
    (HASH_KEY formula), so such rows load under a real key.
-->
<#include "/lib/dv.ftl">
<#include "/lib/dv_insert_only.ftl">
<@insertOnly/>
