-- gpuadv_catalog_guard refuses a table or view of the main schema named
-- like a catalog (any case), naming it; gpuadv_tables, which runs the
-- schema's views to count them, cannot be used from a view. (The test host
-- runs the file in one database: the first name in name order is named.)
CREATE TABLE gpus(name TEXT); SELECT * FROM gpuadv_catalog_guard;
-- error: gpuadv_catalog_guard: table gpus takes the name of the gpus catalog, and the views of sql/gpuadv.sql would read it instead of the catalog; rename or drop it
CREATE VIEW Cloud_Instances AS SELECT 1; SELECT * FROM gpuadv_catalog_guard;
-- error: gpuadv_catalog_guard: view Cloud_Instances takes the name of the cloud_instances catalog, and the views of sql/gpuadv.sql would read it instead of the catalog; rename or drop it
CREATE VIEW meta_v AS SELECT name FROM gpuadv_tables; SELECT * FROM meta_v;
-- error: unsafe use of virtual table "gpuadv_tables"
CREATE TABLE broken_t(a); CREATE VIEW broken_v AS SELECT a FROM broken_t; DROP TABLE broken_t; SELECT name, rows FROM gpuadv_tables WHERE name = 'broken_v';
-- error: gpuadv_tables: counting the rows of broken_v: no such table: main.broken_t
