<#-- CURRENT_TS: the engine's current timestamp. -->
${fn.current_timestamp()}
