<#-- HASH_LIST: the datahash of a multi-active set, an aggregate (use it grouped by key and load time): each
     distinct row joined like HASH_DIFF, the row texts sorted in code point order, joined with '~', MD5 (rule 5). -->
<#include "/lib/hash.ftl">
<#assign parts = sourceAttributes?map(a -> dvDiffPart(a))>
${fn.md5(fn.ordered_distinct_agg(joinParts(parts)))}
