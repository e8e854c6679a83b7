// Starts DynamoDB Local listening on 127.0.0.1 only. DynamoDB Local has no bind option: its server
// binds every interface, and on any interface it answers every request, so on a workshop's network
// anyone could talk to it directly, past Keyplan's sessions. This launcher builds the server exactly
// as DynamoDBLocal.jar's own main does (same command-line options), then, before starting it, sets
// the host of its Jetty connector to the loopback address.
//
// Java runs this file as a single-file source program (`java -cp <jar and libs> LoopbackDynamoDBLocal.java
// <options>`), which the Java 17 runtime can do without a JDK, so nothing is compiled or downloaded
// at install time.
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
  }
}
