/* 1. create table dw.store */
CREATE TABLE dw.store (
    store_id INT,
    city VARCHAR(50)
);

/* 2. rebuild table dw.item: rename column dw.item.remark: note → remark; widen column dw.item.id: INTEGER4 → INTEGER8; widen column dw.item.name: VARCHAR(20) → VARCHAR(100); narrow column dw.item.price: DECIMAL(10, 2) → DECIMAL(8, 2); add column dw.item.category VARCHAR(30) (DESTRUCTIVE) */
SET XACT_ABORT ON;
BEGIN TRANSACTION;
CREATE TABLE dw.Z_MIG_item (
    id BIGINT,
    name VARCHAR(100),
    price DECIMAL(8, 2),
    remark VARCHAR(50),
    category VARCHAR(30)
);
INSERT INTO dw.Z_MIG_item (
    id,
    name,
    price,
    remark,
    category
)
SELECT
    id AS id,
    name AS name,
    price AS price,
    note AS remark,
    CAST(NULL AS VARCHAR(30)) AS category
FROM dw.item;
DROP TABLE dw.item;
EXEC sp_rename 'dw.Z_MIG_item', 'item';
COMMIT;

/* 3. add column publish.D_VESSEL_SCD2.flag_code VARCHAR(10) */
ALTER TABLE publish.D_VESSEL_SCD2 ADD flag_code VARCHAR(10);

/* 4. refresh change hash publish.D_VESSEL_SCD2 datahash of the current rows over vessel_id, vessel_name, flag_code, country */
UPDATE publish.D_VESSEL_SCD2
SET datahash = LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', COALESCE(vessel_id, '-1') + '~' + COALESCE(vessel_name, '-1') + '~' + COALESCE(flag_code, '-1') + '~' + COALESCE(country, '-1')), 2))
WHERE validity_status = 1;
