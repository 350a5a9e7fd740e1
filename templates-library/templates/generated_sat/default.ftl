<#--
  generated_sat: the main step of a SAT load generated from its one entity mapping (no parameters).
  Inputs
    Target attributes by type: DV_HASHKEY (the parent's key, mapped), DV_DATAHASH (mapped, HASH_DIFF
    over the payload), DV_LOAD_TIME (mapped, else the run's CURRENT_TS), optional DV_RECORD_SOURCE;
    the payload is the other mapped attributes.
    Options: OPT_WHERE (source rows), OPT_NOT_EXISTS_WHERE (the satellite rows read as history),
    OPT_SKIP_DUPLICATE_PREVENTION (no comparison with the satellite's rows).
    OPT_AUDIT_HISTORY (Loadsmith's own): one row per key and load time checked after the insert.
  Semantics (historized by datahash as insert, rules 14-20)
    Per key only stage rows later than its latest satellite row count (a rerun inserts nothing);
    rows of one key, load time and datahash count once (lowest record source kept); rows of one key
    and load time with different datahashes stop the load before any write; in load-time order a
    row is inserted when its datahash differs from the key's previous row (the first compared
    with the satellite's latest row): A, B, A is three rows, A, A one. Absent keys get nothing.
-->
<#include "/lib/dv.ftl">
<#include "/lib/dv_history.ftl">
<@historizedByDatahash/>
