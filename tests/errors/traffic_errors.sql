-- The day's traffic functions (ext/gpuadv_traffic_funcs.c) with bad
-- profiles and arguments. Each statement is followed by the exact error.
SELECT traffic_peak(1);
-- error: traffic_peak(): profile must be text, got 1
SELECT traffic_peak('0:1');
-- error: traffic_peak(): profile must give each of the 24 hours; hour 1 is missing
SELECT traffic_peak('0:1,0:1');
-- error: traffic_peak(): profile gives hour 0 twice
SELECT traffic_peak('0 1');
-- error: traffic_peak(): profile must be hour:weight pairs, hours 0 to 23 ('0:0.5,1:0.4,...'); pair 1 has no ':'
SELECT traffic_peak('0x10:1');
-- error: traffic_peak(): profile must be hour:weight pairs, hours 0 to 23 ('0:0.5,1:0.4,...'); pair 1 has no ':'
SELECT traffic_peak('24:1');
-- error: traffic_peak(): profile must be hour:weight pairs, hours 0 to 23 ('0:0.5,1:0.4,...'); pair 1 is not
SELECT traffic_peak('0:-1');
-- error: traffic_peak(): profile weights must be numbers >= 0; hour 0's is not
SELECT traffic_peak('0:1;1:1');
-- error: traffic_peak(): profile must be hour:weight pairs separated by commas
SELECT traffic_peak('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:0.5,13:0.5,14:0.5,15:0.5,16:0.5,17:0.5,18:0.5,19:0.5,20:0.5,21:0.5,22:0.5,23:0.5');
-- error: traffic_peak(): profile weights must sum to 24 (each hour's rate over the day's mean), within 0.05; they sum to 12
SELECT traffic_peak('0:nan,1:nan,2:nan,3:nan,4:nan,5:nan,6:nan,7:nan,8:nan,9:nan,10:nan,11:nan,12:nan,13:nan,14:nan,15:nan,16:nan,17:nan,18:nan,19:nan,20:nan,21:nan,22:nan,23:nan');
-- error: traffic_peak(): profile weights must be numbers >= 0; hour 0's is not
SELECT traffic_shape('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 0.5);
-- error: traffic_shape(): peak_to_mean must be >= 1, got 0.5
SELECT traffic_shape('0:1,1:1,2:1,3:1,4:1,5:1,6:1,7:1,8:1,9:1,10:1,11:1,12:1,13:1,14:1,15:1,16:1,17:1,18:1,19:1,20:1,21:1,22:1,23:1', 2);
-- error: traffic_shape(): a flat profile has no peak hours to raise: peak_to_mean must be 1 with it, got 2; name a profile with a shape
SELECT traffic_shape('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 2);
-- error: traffic_shape(): peak_to_mean must be below 2 with this profile (all the day's traffic in its 12 peak hours), got 2
SELECT traffic_unit_hours('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 30, 0);
-- error: traffic_unit_hours(): unit_rps must be > 0, got 0
SELECT traffic_unit_hours('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 1e300, 1e-300);
-- error: traffic_unit_hours(): peak_rps / unit_rps must be at most 1e12 units
SELECT traffic_unit_hours('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 30, 10, -1);
-- error: traffic_unit_hours(): base_rps must be >= 0, got -1
SELECT traffic_unit_hours('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 30, 10, 0, 0.5);
-- error: traffic_unit_hours(): min_units must be a whole number in [0, 1000000000], got 0.5
SELECT traffic_hybrid_units('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 30, 10, 1, 0, 1);
-- error: traffic_hybrid_units(): rent_unit_rps must be > 0, got 0
SELECT traffic_hybrid_units('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 30, 10, -1, 10, 1);
-- error: traffic_hybrid_units(): own_usd_per_hour must be >= 0, got -1
SELECT traffic_peak(zeroblob(5000));
-- error: traffic_peak(): profile must be text, got a blob of 5000 bytes
SELECT traffic_peak('0:1' || char(0) || 'x');
-- error: traffic_peak(): profile must be text without NUL bytes
