package io.loadsmith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

import io.loadsmith.cli.ExportCommand;
import io.loadsmith.cli.MigrateCommand;

@SpringBootApplication
public class LoadsmithApplication {

    public static void main(String[] args) {
        if (args.length > 0 && "export".equals(args[0])) {
            // Headless export: no server, no database, only the package file.
            System.exit(ExportCommand.run(args, System.out, System.err));
        }
        if (args.length > 0 && "migrate".equals(args[0])) {
            System.exit(MigrateCommand.run(args, System.out, System.err));
        }
        SpringApplication.run(LoadsmithApplication.class, args);
    }
}
