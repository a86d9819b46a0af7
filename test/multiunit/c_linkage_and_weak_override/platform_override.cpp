int platform_id() { return 7; }
