// Run by a loadlab JMeter engine at start (jsr223.init.file, set by bin/loadlab-engine.sh): a test whose controller
// is gone (its build killed) is stopped within seconds instead of loading the target to its end.
dev.loadlab.jmeter.ControllerWatch.start()
