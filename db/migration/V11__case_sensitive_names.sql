-- Names that must keep their case (issue 13, point 9): a flagged entity's table or attribute's
-- column is written quoted with the target dialect's identifier quote, so the engine keeps its
-- case ("userId" on PostgreSQL, H2 and DuckDB; not folded to upper case on Snowflake).
alter table dw_entity add column case_sensitive boolean not null default false;
alter table dw_attribute add column case_sensitive boolean not null default false;
